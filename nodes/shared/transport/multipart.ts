/**
 * The multipart/form-data encoder of the request builder (request.ts): the fields and files of
 * one attempt's body, encoded as one buffer the way n8n's HTTP client encodes a FormData.
 */

/** A file to upload, read for each attempt by admission before its request asks for a slot (admission.ts). */
export interface FilePart {
	read: () => Promise<Buffer>;
	fileName: string;
	mimeType: string;
	/** The file's size where its binary data records it: taken from the run's upload budget before it is read (admission.ts). */
	bytes?: number;
}

/** Multipart fields in wire order; a name may repeat (`item_id[]`). */
export type MultipartField = [name: string, value: string | FilePart];

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
 * The multipart/form-data body, byte for byte as n8n's HTTP client encodes a FormData of the
 * same fields (line breaks in values as CRLF, names escaped, a file's type defaulting to
 * application/octet-stream), built as one buffer: sent as it is, without FormData, Blob
 * copies of the files or a stream per part.
 */
function multipartBody(
	fields: MultipartField[],
	boundary: string,
	files: Map<FilePart, Buffer>,
): Buffer {
	const chunks: Buffer[] = [];
	let text = '';
	for (const [name, value] of fields) {
		text += `--${boundary}${CRLF}Content-Disposition: form-data; name="${escapeName(name)}"`;
		if (typeof value === 'string') {
			text += `${CRLF}${CRLF}${value.replace(/\r?\n|\r\n?/g, CRLF)}${CRLF}`;
			continue;
		}
		const contents = files.get(value);
		// Admission reads every file of the request before it may be sent.
		if (!contents) throw new Error(`The file "${value.fileName}" was not read before sending`);
		const type = blobType(value.mimeType) || 'application/octet-stream';
		if (value.fileName) text += `; filename="${escapeName(value.fileName)}"`;
		text += `${CRLF}Content-Type: ${type.replace(/[\r\n]/g, '')}${CRLF}${CRLF}`;
		chunks.push(Buffer.from(text, 'utf8'), contents);
		text = CRLF;
	}
	text += `--${boundary}--${CRLF}`;
	chunks.push(Buffer.from(text, 'utf8'));
	return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** A multipart body and its Content-Type, with a fresh boundary: built anew for every attempt. */
export function encodeMultipart(
	fields: MultipartField[],
	files: Map<FilePart, Buffer>,
): { contentType: string; body: Buffer } {
	const boundary = multipartBoundary();
	return {
		contentType: `multipart/form-data; boundary=${boundary}`,
		body: multipartBody(fields, boundary, files),
	};
}
