/**
 * The error classes now live in the bottom layer (platform/errors.ts), so that values/ and
 * credential/ throw them without importing upward. This re-export keeps transport/'s imports
 * working while transport/ is rebuilt on another branch; delete it once those point down.
 */
export { ExecutionCancelledError, ParameterError } from '../platform/errors';
