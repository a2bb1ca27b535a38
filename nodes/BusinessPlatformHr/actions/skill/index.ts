import type { PlatformResource } from '../../../shared/node/operation';
import { operation as create } from './create.operation';

export const skill: PlatformResource = { name: 'Skill', value: 'skill', operations: [create] };
