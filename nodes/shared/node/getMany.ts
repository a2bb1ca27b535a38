/** Get Many: the pages an item asks for (Return All / Limit), shaped by its output mode. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requestedLimit } from './descriptions';
import type { EndpointId } from '../platform/endpoints';
import { shapeRecords } from './output';
import { platformPaginate, type PaginateOptions } from '../transport/pagination';
import type { RequestInput } from '../transport/request';
import type { PlatformRun } from '../transport/run';

export async function getManyRecords(
	context: IExecuteFunctions,
	run: PlatformRun,
	itemIndex: number,
	request: { endpoint: EndpointId; input: RequestInput; pages: Omit<PaginateOptions, 'limit'> },
	simplify: (record: IDataObject) => IDataObject,
): Promise<IDataObject[]> {
	const limit = requestedLimit(context, itemIndex);
	const records = await platformPaginate.call(
		context,
		run,
		request.endpoint,
		itemIndex,
		request.input,
		{
			...request.pages,
			limit,
		},
	);
	return shapeRecords(context, itemIndex, records, simplify);
}
