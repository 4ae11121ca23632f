import type { IDataObject } from 'n8n-workflow';

import { carryOut, previewOf, sameColumns, type Plan } from '../../../nodes/MakeLeaps/model/plans';

/** A plan whose apply counts its calls and answers `answer`. */
function counted(answer: IDataObject) {
	const calls: number[] = [];
	return { calls, apply: async () => (calls.push(1), answer) };
}

describe('plans: a preview says what the run would do, the run does it', () => {
	const record = { mid: '7', client_external_id: 'C-1' };
	const changes = { 'person.email': { from: 'a@example.com', to: 'b@example.com' } };

	test('a preview never applies the plan, and names the action, the record and the changes', async () => {
		const create = counted(record);
		const update = counted(record);
		const remove = counted({ deleted: true, mid: '7' });
		const plans: Plan[] = [
			{
				action: 'create',
				record: { client_external_id: 'C-1' },
				changes: { client_external_id: { from: '', to: 'C-1' } },
				apply: create.apply,
			},
			{ action: 'update', record, changes, apply: update.apply },
			{ action: 'unchanged', record },
			{ action: 'delete', record, apply: remove.apply },
		];
		// each row with the keys a user finds it by in the sheet (here the client's External ID)
		const keys = { client_external_id: 'C-1', client_name: null };
		expect(plans.map((plan) => previewOf(plan))).toEqual([
			{
				preview: 'would create',
				...keys,
				changes: { client_external_id: { from: '', to: 'C-1' } },
			},
			{ preview: 'would update', ...keys, mid: '7', changes },
			{ preview: 'unchanged', ...keys, mid: '7', changes: {} },
			{ preview: 'would delete', ...keys, mid: '7', record },
		]);
		expect([create.calls, update.calls, remove.calls]).toEqual([[], [], []]);
	});

	test('a run applies each plan once and says what it did', async () => {
		const create = counted({ mid: '8' });
		const update = counted({ ...record, updated: true });
		const remove = counted({ deleted: true, mid: '7' });
		expect(await carryOut({ action: 'create', record: {}, changes, apply: create.apply })).toEqual({
			mid: '8',
			operation: 'created',
			changes,
		});
		expect(await carryOut({ action: 'update', record, changes, apply: update.apply })).toEqual({
			...record,
			updated: true,
			operation: 'updated',
			changes,
		});
		expect(await carryOut({ action: 'unchanged', record })).toEqual({
			...record,
			operation: 'unchanged',
			changes: {},
		});
		expect(await carryOut({ action: 'delete', record, apply: remove.apply })).toEqual({
			deleted: true,
			mid: '7',
		});
		expect([create.calls, update.calls, remove.calls]).toEqual([[1], [1], [1]]);
	});

	test('a write that makes tags first names them in its preview, and only there', async () => {
		const update = counted({ ...record, updated: true });
		const plan: Plan = {
			action: 'update',
			record,
			changes,
			apply: update.apply,
			newTags: ['Fresh'],
		};
		expect(previewOf(plan)).toMatchObject({
			preview: 'would update',
			would_create_tags: ['Fresh'],
		});
		expect(previewOf({ ...plan, newTags: [] })).not.toHaveProperty('would_create_tags');
		expect(await carryOut(plan)).not.toHaveProperty('would_create_tags');
	});
});

describe('sameColumns: every row of a preview has one set of columns, in one order', () => {
	test('a column a row lacks is null; the known columns first, then the others as they came', () => {
		const rows = sameColumns([
			{ preview: 'would create', external_id: 'A', changes: 'x', zeta: 1 },
			{ error: 'bad', preview: 'would fail', external_id: 'B', description: 'do this' },
			{ mid: '1', preview: 'unchanged', alpha: true, external_id: 'C', changes: '' },
		]);
		const columns = ['preview', 'external_id', 'mid', 'changes', 'error', 'description'];
		for (const row of rows) expect(Object.keys(row)).toEqual([...columns, 'zeta', 'alpha']);
		expect(rows[1]).toEqual({
			preview: 'would fail',
			external_id: 'B',
			mid: null,
			changes: null,
			error: 'bad',
			description: 'do this',
			zeta: null,
			alpha: null,
		});
		// a value that is there stays, empty or false
		expect(rows[2].changes).toBe('');
		expect(rows[2].alpha).toBe(true);
	});
});
