import { defineModule } from '../define.ts';
import groupUsers from './routes.ts';

export default defineModule({ name: 'group-users', plugin: groupUsers });
