/**
 * The outcome of each item of a Send run, and where a run that stops at a failure stops: without
 * Continue On Fail, nothing from the first failing item on is sent. Only a sent document's
 * outcome names the files that went with it: a skip's list of them is empty.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Outcome } from '../../../transport';
import type { SendJob } from './prepare';

export class SendOutcomes {
	readonly byItem = new Map<number, Outcome<IDataObject>>();
	/** The document of each item, as read: the item's flat row (Simplify) names it. */
	readonly documents = new Map<number, IDataObject>();
	/** The first failing item, when the run stops at a failure: nothing from it on is sent. */
	private stop = Number.POSITIVE_INFINITY;

	constructor(private readonly stopAtFailure: boolean) {}

	settle(item: number, outcome: Outcome<IDataObject>): void {
		this.byItem.set(item, outcome);
		if (!outcome.ok && this.stopAtFailure) this.stop = Math.min(this.stop, item);
	}

	/** Whether the run still gets to the item: no failing item before it stopped the run. */
	reaches(item: number): boolean {
		return item < this.stop;
	}

	/** Whether the job's document may still go: its item reached and not settled. */
	open(job: SendJob): boolean {
		return this.reaches(job.op.itemIndex) && !this.byItem.has(job.op.itemIndex);
	}
}

/** A document sent in `order`: what the item said of it, the files that went with it, the order. */
export function sentOutcome(job: SendJob, order: IDataObject): IDataObject {
	const files = job.files.map((file) => file.fileName);
	return {
		...job.facts,
		...(files.length > 0 ? { attachments: files } : {}),
		sent: true,
		sending_order: order,
	};
}
