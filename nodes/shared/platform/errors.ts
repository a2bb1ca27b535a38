/**
 * The package's own error classes, at the bottom with no imports: every layer may throw them, and
 * errors/itemErrors.ts (asNodeError, asPickerError) turns them into the item's or the picker's
 * n8n error.
 */

/** Bad input or credential field, named; the item goes into the n8n error's details. */
export class ParameterError extends Error {
	constructor(
		readonly parameter: string,
		readonly reason: string,
	) {
		super(`${parameter} ${reason}`);
		this.name = 'ParameterError';
	}
}

/** The execution was cancelled while a request waited for its turn or its pause. */
export class ExecutionCancelledError extends Error {
	constructor() {
		super('The execution was cancelled');
	}
}
