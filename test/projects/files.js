// @ts-check
/** Binary files for the task upload tests (E10). */
const crypto = require('node:crypto');

/** @param {Buffer} buffer */
const sha256 = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex');

/** A small valid PNG (1x1, red) and a text "PDF": two files of different types and sizes. */
const PNG = Buffer.from(
	'89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
	'hex',
);
const PDF = Buffer.from(
	'%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
	'utf8',
);

/**
 * A file as an n8n item's `binary` holds it (base64 data, MIME type, and the name where given).
 * @param {Buffer} buffer @param {string} mimeType @param {string} [fileName]
 */
const binaryOf = (buffer, mimeType, fileName) => ({
	data: buffer.toString('base64'),
	mimeType,
	...(fileName === undefined ? {} : { fileName }),
});

/**
 * A node run's options for one item holding these files, by binary property.
 * @param {Record<string, object>} binary
 */
const oneItemWith = (binary) => ({ items: [{ json: {}, binary }] });

/**
 * `count` items, each with one file of `bytes` random bytes in binary property `data` (inline,
 * the same content for all); `sizeKnown(i)` says whether item i's binary data records its size.
 * @param {number} count @param {number} bytes @param {(i: number) => boolean} sizeKnown
 */
function itemsWithFiles(count, bytes, sizeKnown) {
	const data = crypto.randomBytes(bytes).toString('base64');
	return Array.from({ length: count }, (_, i) => ({
		json: {},
		binary: {
			data: {
				data,
				mimeType: 'application/octet-stream',
				fileName: `file-${i}.bin`,
				...(sizeKnown(i) ? { bytes } : {}),
			},
		},
	}));
}

module.exports = { sha256, binaryOf, oneItemWith, itemsWithFiles, PNG, PDF };
