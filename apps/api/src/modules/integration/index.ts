import { defineModule } from '../define.ts';
import integration from './routes.ts';

export default defineModule({ name: 'integration', plugin: integration });
