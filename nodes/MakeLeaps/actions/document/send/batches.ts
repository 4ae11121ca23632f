/**
 * A run's sends, ending as if its items had gone one by one, though the documents of one client
 * share sending orders. Every order is made and filled first, the documents added in input order
 * across the orders, then every order is checked, and only then are they executed. A failure
 * found before the executes (a refused add, an order MakeLeaps does not validate…) is known
 * while nothing has gone out: an order that holds a document of an item after the failing one
 * is deleted unsent and its earlier documents go in a new one. So, without Continue On Fail, the
 * orders executed carry exactly the items before the first failing one that would have gone.
 * (Orders are executed in the order of their first item; an order that holds items both before
 * and after another's first item cannot wait for it, so only a failure of the execute itself,
 * refused or lost without a trace, can come after an order carrying later items went out.)
 */
import { sentDocuments } from '../../../run/turns';
import { earlierSend, type SendJob } from './prepare';
import { OrderDraft } from './order';
import { filesFit } from './orderFiles';
import type { SendOutcomes } from './outcomes';

/** Sends the prepared jobs (in input order), settling each item's outcome. */
export async function sendInBatches(jobs: SendJob[], outcomes: SendOutcomes): Promise<void> {
	for (const round of roundsOf(jobs)) {
		// the documents take turns with other sends of them in this process, locked in a fixed
		// order so that two runs never wait for each other
		const keys = [...new Set(round.map((job) => job.key))].sort();
		const inTurn = keys.reduceRight<() => Promise<void>>(
			(inner, key) => async () => await sentDocuments.oneAtATime(key, inner),
			async () => await sendRound(round, outcomes),
		);
		await inTurn();
	}
}

/**
 * The k-th job of each document in round k: a document twice in a run goes the second time in
 * a later round, which finds the first send (or, with Send Even If Already Sent, sends it again).
 */
function roundsOf(jobs: SendJob[]): SendJob[][] {
	const seen = new Map<string, number>();
	const rounds: SendJob[][] = [];
	for (const job of jobs) {
		const round = seen.get(job.key) ?? 0;
		seen.set(job.key, round + 1);
		(rounds[round] ??= []).push(job);
	}
	return rounds;
}

async function sendRound(jobs: SendJob[], outcomes: SendOutcomes): Promise<void> {
	const going: SendJob[] = [];
	for (const job of jobs) {
		if (!outcomes.open(job)) continue;
		// sent (or maybe sent) by another run of this process since the job was prepared
		try {
			const earlier = job.request.force ? undefined : earlierSend(job.op, job.key, job.facts);
			if (earlier) outcomes.settle(job.op.itemIndex, { ok: true, value: earlier });
			else going.push(job);
		} catch (error) {
			outcomes.settle(job.op.itemIndex, { ok: false, error });
		}
	}
	const drafts = batchesOf(going.filter((job) => outcomes.open(job))).map(
		(batch) => new OrderDraft(batch),
	);
	for (const draft of await readyOrders(drafts, outcomes)) {
		// a send that failed stops the run at its first item: the later orders hold later items
		if (draft.attached.every((job) => outcomes.open(job))) await draft.execute(outcomes);
		else await draft.remake([], outcomes);
	}
}

/**
 * The jobs in sending orders: those of the same account, client, recipients and settings
 * together, up to `perOrder` each and within the bounds of an order's files, in the order of
 * their first item.
 */
function batchesOf(jobs: SendJob[]): SendJob[][] {
	const open = new Map<string, SendJob[]>();
	const batches: SendJob[][] = [];
	for (const job of jobs) {
		const key = JSON.stringify([job.partnerMid, job.clientUrl, job.toEmails, job.request]);
		let batch = open.get(key);
		if (!batch || batch.length >= job.request.perOrder || !filesFit(batch, job)) {
			batch = [];
			open.set(key, batch);
			batches.push(batch);
		}
		batch.push(job);
	}
	return batches;
}

/**
 * The orders ready to execute, in the order of their first item, each holding only documents
 * still to go. Each pass fills and checks orders; one that holds a document that must not go is
 * deleted, and its documents still to go are the next pass's order. An order of the next pass
 * holds fewer documents than the one it replaces, so the passes end.
 */
async function readyOrders(drafts: OrderDraft[], outcomes: SendOutcomes): Promise<OrderDraft[]> {
	let ready: OrderDraft[] = [];
	for (let next = drafts; next.length > 0; ) {
		await fill(next, outcomes);
		await checkFilled(next, outcomes);
		const all = [...ready, ...next].sort((a, b) => itemOf(a) - itemOf(b));
		ready = [];
		next = [];
		for (const draft of all) {
			if (!draft.live) continue; // never made, or failed: its items have their outcome
			const going = draft.attached.filter((job) => outcomes.open(job));
			if (!draft.holdsUnwanted && going.length === draft.attached.length) {
				if (draft.ready) ready.push(draft); // else empty: every add was refused
				continue;
			}
			const remade = await draft.remake(going, outcomes);
			if (remade) next.push(remade);
		}
	}
	return ready;
}

const itemOf = (draft: OrderDraft) => draft.first.op.itemIndex;

/**
 * Adds the documents in input order across the orders, up to the item that stops the run, then
 * each order's files after its documents.
 */
async function fill(drafts: OrderDraft[], outcomes: SendOutcomes): Promise<void> {
	const adds = drafts.flatMap((draft) => draft.jobs.map((job) => ({ job, draft })));
	adds.sort((a, b) => a.job.op.itemIndex - b.job.op.itemIndex);
	for (const { job, draft } of adds) if (outcomes.open(job)) await draft.add(job, outcomes);
	for (const draft of drafts) await draft.addFiles(outcomes);
}

/**
 * Checks the filled orders after one wait for MakeLeaps to validate them all; an order holding a
 * document of an item after the failing one is not waited for (it is made again without it).
 */
async function checkFilled(drafts: OrderDraft[], outcomes: SendOutcomes): Promise<void> {
	const filled = drafts.filter((draft) => draft.checkable);
	if (filled.length === 0) return;
	const waits = filled.map((draft) => draft.first.request.waitSeconds * 1000);
	for (const [k, draft] of filled.entries()) draft.deadline = Date.now() + waits[k];
	const { transport } = filled[0].first.op.run;
	await transport.pause(Math.min(transport.validationWaitMs, ...waits));
	for (const draft of filled) {
		if (draft.attached.every((job) => outcomes.open(job))) await draft.check(outcomes);
	}
}
