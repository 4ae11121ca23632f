/**
 * The files of one sending order (Options > Attachments): each file of its items added once,
 * after the order's documents: an item with its `filename` POSTed to the order's `items_url`, then
 * the file PUT to the `upload_url` MakeLeaps answers (transport's `upload`: a form with the file
 * in `content_file` under the Base URL), whose answer must confirm it. Items naming the same
 * content share one file. A file that does not go in (refused, such as MakeLeaps' field error
 * on `content_file`, or not confirmed) fails the item adding it, with nothing sent: the order,
 * which holds its document (and maybe a file without its content), is deleted unsent and made
 * again without it (batches.ts), never executed as it is.
 */
import type { IDataObject } from 'n8n-workflow';

import { excerpt, isUncertainWrite, outcomeOf } from '../../../transport';
import { addFileToSendingOrder, uploadToSendingOrder } from '../../../api/sendingOrders';
import { MAX_ORDER_FILE_BYTES, MAX_ORDER_FILES } from './fileRules';
import type { Attachment } from './attachments';
import { filesOf } from './orderReads';
import type { SendOutcomes } from './outcomes';
import type { SendJob } from './prepare';

/** Whether the job's files, with those of the jobs of an order, stay within an order's bounds. */
export function filesFit(batch: readonly SendJob[], job: SendJob): boolean {
	const files = distinct([...batch, job].flatMap((member) => member.files));
	const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
	return files.length <= MAX_ORDER_FILES && bytes <= MAX_ORDER_FILE_BYTES;
}

/** The files, each content once. */
const distinct = (files: Attachment[]) =>
	files.filter((file, k) => files.findIndex((other) => other.bytes.equals(file.bytes)) === k);

export class OrderFiles {
	/** The files MakeLeaps took, bytes included (each content once). */
	private readonly added: Attachment[] = [];

	/** How many files MakeLeaps took into the order. */
	get count(): number {
		return this.added.length;
	}

	/**
	 * Adds the files of `jobs` (those still to go, in input order) at positions from `position` on,
	 * each content once, on behalf of the first item naming it. At the first file that does not go
	 * in, its item fails and the adds stop: the order will not go as it is. Answers why, then.
	 */
	async add(
		jobs: readonly SendJob[],
		itemsUrl: string,
		position: number,
		described: string,
		outcomes: SendOutcomes,
	): Promise<string | undefined> {
		for (const job of jobs) {
			if (!outcomes.open(job)) continue;
			for (const file of job.files) {
				if (this.added.some((other) => other.bytes.equals(file.bytes))) continue;
				const at = position + this.added.length;
				const added = await outcomeOf(addFile(job.op, itemsUrl, at, file, described));
				if (added.ok) {
					this.added.push(file);
					continue;
				}
				outcomes.settle(job.op.itemIndex, added);
				return isUncertainWrite(added.error)
					? 'a file MakeLeaps may or may not have taken'
					: 'the document of an item whose file did not go in';
			}
		}
		return undefined;
	}

	/** The ready order must carry as many files as MakeLeaps took, when it shows its items. */
	check(op: SendJob['op'], order: IDataObject, described: string): void {
		const carried = filesOf(order);
		if (carried === undefined || carried === this.count) return;
		op.fail(
			`MakeLeaps' ${described} carries ${carried} files; the node added ${this.count}`,
			'Nothing was sent. Look at the order in MakeLeaps: send it there, or delete it.',
		);
	}
}

/** One file into the order: its item, then its bytes. A failure says that nothing was sent. */
async function addFile(
	op: SendJob['op'],
	itemsUrl: string,
	position: number,
	file: Attachment,
	described: string,
): Promise<void> {
	const subject = `file ${file.fileName} of ${described}`;
	const done = await outcomeOf(
		(async () => {
			const item = await addFileToSendingOrder(op, itemsUrl, position, file.fileName, described);
			const uploadUrl = item.upload_url;
			if (typeof uploadUrl !== 'string' || uploadUrl === '') {
				op.fail(
					`MakeLeaps took the file ${file.fileName} into its ${described} without an upload_url`,
					`MakeLeaps answered: ${excerpt(op.run.transport.secrets.redactValue(item), 300)}`,
				);
			}
			await uploadToSendingOrder(op.run.transport, uploadUrl, file, op.itemIndex, subject);
		})(),
	);
	if (done.ok) return;
	const error = done.error as { description?: string | null };
	const before = isUncertainWrite(error) ? '' : ` ${error.description ?? ''}`;
	error.description = `Nothing was sent: the file ${file.fileName} (binary field "${file.field}") did not go into the sending order, which the node did not execute. Running this item again is safe.${before}`;
	throw done.error;
}
