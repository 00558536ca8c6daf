import { defineModule } from '../define.ts';
import health from './routes.ts';

export default defineModule({ name: 'health', plugin: health });
