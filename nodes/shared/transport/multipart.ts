/**
 * The multipart/form-data body of the request builder (request.ts), byte for byte as n8n's HTTP
 * client encodes a FormData of the same fields, read as it goes out: a file in n8n's binary data
 * store streams from the store, so a request holds about 1 MiB of it, never the whole file.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

/** A file to upload, opened for each attempt by admission before its request asks for a slot. */
export interface FilePart {
	open: () => Promise<OpenFile>;
	fileName: string;
	mimeType: string;
	/** The memory sending it holds, as far as known before it is opened: taken from the run's upload budget first (admission.ts). */
	heldBytes: number;
}

/** A file opened for one attempt. */
export interface OpenFile {
	/** Its size, counted in the body's Content-Length. */
	bytes: number;
	/** The memory sending it holds (uploadBudget.ts): the whole file when read into one buffer, at most about 1 MiB when streamed. */
	heldBytes: number;
	/** Its bytes from the start, read as the body goes out; each call reads them anew. */
	chunks: () => AsyncIterable<Uint8Array>;
}

/** Multipart fields in wire order; a name may repeat (`item_id[]`). */
export type MultipartField = [name: string, value: string | FilePart];

/** Bytes read at a time from n8n's binary data store. */
const STREAM_CHUNK_BYTES = 64 * 1024;

/**
 * What a streamed file holds at most while it is sent: n8n's HTTP client (axios, through a Node
 * stream in object mode) reads up to 16 chunks ahead of the socket. Measured: 20 files of 50 MiB
 * streamed at once added 11 to 34 MiB (docs/performance.md).
 */
const STREAM_HELD_BYTES = 17 * STREAM_CHUNK_BYTES;

/**
 * An input item's file, through n8n's binary helpers (so every storage mode works), checked
 * now (before any request) and opened for each attempt. A file in n8n's binary data store
 * (an `id`: filesystem, database, S3) is streamed from it, as the HTTP Request node does;
 * inline data (n8n 2.x's in-memory mode, or set by a Code node) is already in memory, and is
 * read into one buffer, held until the answer.
 */
export function binaryFile(
	context: IExecuteFunctions,
	itemIndex: number,
	property: string,
): FilePart {
	const binary = context.helpers.assertBinaryData(itemIndex, property);
	const fileName = binary.fileName ?? property;
	const readWhole = async (): Promise<OpenFile> => {
		const contents = await context.helpers.getBinaryDataBuffer(itemIndex, property);
		return {
			bytes: contents.byteLength,
			heldBytes: contents.byteLength,
			chunks: async function* () {
				yield contents;
			},
		};
	};
	const { id } = binary;
	const part = { fileName, mimeType: binary.mimeType || 'application/octet-stream' };
	// Recorded by n8n with the data; without it the size is taken once the file is opened.
	const recorded = typeof binary.bytes === 'number' && binary.bytes >= 0 ? binary.bytes : undefined;
	if (!id) return { ...part, heldBytes: recorded ?? 0, open: readWhole };
	return {
		...part,
		heldBytes: Math.min(recorded ?? STREAM_HELD_BYTES, STREAM_HELD_BYTES),
		open: async () => {
			// The store's record of the size, not the item's (a Code node may have set that one).
			const { fileSize } = await context.helpers.getBinaryMetadata(id);
			if (!Number.isSafeInteger(fileSize) || fileSize < 0) return await readWhole();
			return {
				bytes: fileSize,
				heldBytes: Math.min(fileSize, STREAM_HELD_BYTES),
				chunks: async function* () {
					let read = 0;
					const stream = await context.helpers.getBinaryStream(id, STREAM_CHUNK_BYTES);
					for await (const chunk of stream as AsyncIterable<Uint8Array>) {
						read += chunk.byteLength;
						if (read > fileSize) break;
						yield chunk;
					}
					// Content-Length promised fileSize bytes: any other count would corrupt the request.
					if (read !== fileSize) {
						throw new Error(
							`The file "${fileName}" in n8n's binary data store does not hold the ${fileSize} bytes n8n recorded for it`,
						);
					}
				},
			};
		},
	};
}

const CRLF = '\r\n';
const BOUNDARY_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A boundary as the HTTP client makes one for a FormData body: `form-data-boundary-` and 25 letters or digits. */
function multipartBoundary(): string {
	let random = '';
	for (let i = 0; i < 25; i++) {
		random += BOUNDARY_CHARACTERS[Math.floor(Math.random() * BOUNDARY_CHARACTERS.length)];
	}
	return `form-data-boundary-${random}`;
}

/** A field or file name inside a quoted Content-Disposition parameter (the HTML form encoding). */
function escapeName(name: string): string {
	return name.replace(/[\r\n"]/g, (match) =>
		match === '\r' ? '%0D' : match === '\n' ? '%0A' : '%22',
	);
}

/** A Blob's type: lower case, empty when it holds a character outside printable ASCII. */
function blobType(mimeType: string): string {
	return /^[\x20-\x7e]*$/.test(mimeType) ? mimeType.toLowerCase() : '';
}

/**
 * A body n8n's HTTP client sends as it sends a Blob (axios: Content-Length from `size`,
 * Content-Type from `type`, the bytes from `stream()`), without holding the bytes: the files
 * are read as the body goes out, anew on each send. A Blob-like, which fetch implementations
 * take too; a Node stream would need Node's `stream` module, which n8n's lint forbids here.
 */
export class MultipartBody {
	readonly [Symbol.toStringTag] = 'Blob';

	constructor(
		readonly type: string,
		readonly size: number,
		private readonly parts: Array<Uint8Array | OpenFile>,
	) {}

	async *stream(): AsyncGenerator<Uint8Array> {
		for (const part of this.parts) {
			if (part instanceof Uint8Array) yield part;
			else yield* part.chunks();
		}
	}
}

/**
 * The multipart/form-data body (line breaks in values as CRLF, names escaped, a file's type
 * defaulting to application/octet-stream) with a fresh boundary: built anew for every attempt
 * from the files admission opened for it. Without a file it is one Buffer, which n8n's HTTP
 * client writes at once; a Blob goes through two streams and a pipeline, about 80 µs of CPU a
 * request (docs/performance.md, "Where the time goes").
 */
export function encodeMultipart(
	fields: MultipartField[],
	files: Map<FilePart, OpenFile>,
): { contentType: string; body: MultipartBody | Buffer } {
	const boundary = multipartBoundary();
	const parts: Array<Uint8Array | OpenFile> = [];
	let size = 0;
	let text = '';
	const flush = () => {
		const bytes = Buffer.from(text, 'utf8');
		parts.push(bytes);
		size += bytes.byteLength;
	};
	for (const [name, value] of fields) {
		text += `--${boundary}${CRLF}Content-Disposition: form-data; name="${escapeName(name)}"`;
		if (typeof value === 'string') {
			text += `${CRLF}${CRLF}${value.replace(/\r?\n|\r\n?/g, CRLF)}${CRLF}`;
			continue;
		}
		const file = files.get(value);
		// Admission opens every file of the request before it may be sent.
		if (!file) throw new Error(`The file "${value.fileName}" was not opened before sending`);
		const type = blobType(value.mimeType) || 'application/octet-stream';
		if (value.fileName) text += `; filename="${escapeName(value.fileName)}"`;
		text += `${CRLF}Content-Type: ${type.replace(/[\r\n]/g, '')}${CRLF}${CRLF}`;
		flush();
		parts.push(file);
		size += file.bytes;
		text = CRLF;
	}
	text += `--${boundary}--${CRLF}`;
	flush();
	const contentType = `multipart/form-data; boundary=${boundary}`;
	const [only] = parts;
	if (parts.length === 1 && only instanceof Buffer) return { contentType, body: only };
	return { contentType, body: new MultipartBody(contentType, size, parts) };
}
