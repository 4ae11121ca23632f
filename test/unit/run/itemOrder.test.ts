import { ItemOrder } from '../../../nodes/MakeLeaps/run/itemOrder';

/** Lets the pending promise callbacks run (a released waiter needs a few microtask turns). */
async function settled() {
	for (let turn = 0; turn < 10; turn++) await Promise.resolve();
}

/** Starts `earlierQueued` for each item and records the order in which they may go. */
function waitAll(order: ItemOrder, items: number[]) {
	const gone: number[] = [];
	for (const item of items) void order.earlierQueued(item).then(() => gone.push(item));
	return gone;
}

describe('ItemOrder: an item queues for a turn only after every earlier item has', () => {
	test('the first item goes at once; a later one waits for every earlier one', async () => {
		const order = new ItemOrder();
		const gone = waitAll(order, [0, 2]);
		await settled();
		expect(gone).toEqual([0]);
		order.passedBy(0);
		await settled();
		expect(gone).toEqual([0]);
		order.passedBy(1);
		await settled();
		expect(gone).toEqual([0, 2]);
	});

	test('items passing out of order release a waiter only when the gap before it closes', async () => {
		const order = new ItemOrder();
		const gone = waitAll(order, [3, 1]);
		order.passedBy(2);
		await settled();
		expect(gone).toEqual([]);
		order.passedBy(0);
		await settled();
		expect(gone).toEqual([1]);
		order.passedBy(1);
		await settled();
		expect(gone).toEqual([1, 3]);
	});

	test('an item that queued, then ended, passes once: later items are not let through early', async () => {
		const order = new ItemOrder();
		order.passedBy(0);
		order.passedBy(0);
		const gone = waitAll(order, [2]);
		await settled();
		expect(gone).toEqual([]);
		order.passedBy(1);
		await settled();
		expect(gone).toEqual([2]);
	});

	test('an item at the front goes at once, one behind it waits', async () => {
		const order = new ItemOrder();
		order.passedBy(0);
		const gone = waitAll(order, [1, 2]);
		await settled();
		expect(gone).toEqual([1]);
	});

	test('every waiter released at once goes, each once', async () => {
		const order = new ItemOrder();
		const gone = waitAll(order, [1, 2, 3, 5]);
		order.passedBy(1);
		order.passedBy(2);
		order.passedBy(0);
		await settled();
		expect(gone.sort()).toEqual([1, 2, 3]);
		order.passedBy(3);
		order.passedBy(4);
		await settled();
		expect(gone.sort()).toEqual([1, 2, 3, 5]);
	});
});
