import { cell, cellText, changesText, fieldsText } from '../../../nodes/MakeLeaps/model/cells';
import { simpleDocument, simplePreview, simpleSend } from '../../../nodes/MakeLeaps/model/simplify';

const base = 'https://api.makeleaps.com/api/partner/9000';
const clientUrl = `${base}/client/1734479364211706503/`;
const contactUrl = `${base}/contact/1734479364211706777/`;
/** The run knows one client's name and one contact's. */
const names: Record<string, string> = {
	'client 1734479364211706503': 'Example Co',
	'contact 1734479364211706777': 'Sato Hanako',
};
const nameOf = (kind: string, mid: string): string | undefined => names[`${kind} ${mid}`];

describe('changes as one text: field: from → to, joined by "; "', () => {
	test('texts, empty values, linked records by name or MID, each changed line', () => {
		const line = { kind: 'normal', description: 'Work', quantity: '1', unit_cost: '1000' };
		const changes = {
			title: { from: 'A', to: 'B' },
			lineitems: { from: [line, line], to: [line, line, line] },
			'person.email': { from: 'a@x.example', to: 'b@y.example' },
			client: { from: '', to: clientUrl },
			client_contact: { from: null, to: contactUrl },
			tags: { from: [], to: ['vip', 'monthly'] },
		};
		expect(changesText(changes, nameOf)).toBe(
			'title: A → B; line 3 added: Work; person.email: a@x.example → b@y.example; client: (empty) → Example Co; client_contact: (empty) → Sato Hanako; tags: (empty) → vip, monthly',
		);
		// without names, a linked record is its MID
		expect(changesText({ client: { from: clientUrl, to: '' } })).toBe(
			'client: 1734479364211706503 → (empty)',
		);
	});

	test('lines: each changed one by its number and description, its fields from → to; added and removed ones by their description', () => {
		const line = (description: string, unit_cost: string, quantity = '1') => ({
			kind: 'normal',
			description,
			quantity,
			unit_cost,
			tax_rate: '10',
		});
		// MakeLeaps answers amounts with decimals and adds what it computes (price)
		const before = [
			{ ...line('Consulting', '12000.00', '10'), price: '120000' },
			{ ...line('Travel', '15000.000'), price: '15000' },
			{ ...line('Taxi', '3000') },
		];
		const to = [line('Consulting', '12000', '10'), line('Travel', '18000', '2')];
		expect(changesText({ lineitems: { from: before, to } })).toBe(
			'line 2 Travel: quantity 1 → 2, unit price 15000 → 18000; line 3 removed: Taxi',
		);
		// a line put in before the others: only it is told, the others moved but the same
		expect(changesText({ lineitems: { from: to, to: [line('Setup', '500'), ...to] } })).toBe(
			'line 1 added: Setup',
		);
		// a new document: every line added
		expect(changesText({ lineitems: { from: '', to } })).toBe(
			'line 1 added: Consulting; line 2 added: Travel',
		);
	});

	test('lines aligned by description, then by amount: an insertion or a removal in the middle reads as one', () => {
		const line = (description: string, unit_cost: string) => ({
			kind: 'normal',
			description,
			quantity: '1',
			unit_cost,
			tax_rate: '10',
		});
		const before = [line('Design', '50000'), line('Travel', '15000')];
		const after = [line('Design', '50000'), line('Taxi', '3000'), line('Travel', '18000')];
		expect(changesText({ lineitems: { from: before, to: after } })).toBe(
			'line 2 added: Taxi; line 3 Travel: unit price 15000 → 18000',
		);
		// renamed, its amount the same, after one taken out
		const fewer = [line('Design', '50000'), line('Train', '18000')];
		expect(changesText({ lineitems: { from: after, to: fewer } })).toBe(
			'line 2 Travel: description Travel → Train; line 2 removed: Taxi',
		);
		// a line replaced by another, nothing shared: the one in its place
		expect(changesText({ lineitems: { from: [line('A', '1')], to: [line('B', '2')] } })).toBe(
			'line 1 A: description A → B, unit price 1 → 2',
		);
	});

	test('a document of more than 200 changed lines pairs them by place (the alignment is bounded)', () => {
		const line = (description: string, unit_cost: string) => ({
			kind: 'normal',
			description,
			quantity: '1',
			unit_cost,
			tax_rate: '10',
		});
		const before = Array.from({ length: 250 }, (_, i) => line(`L${i}`, '100'));
		const after = [line('New', '5'), ...before.map((l) => ({ ...l, unit_cost: '200' }))];
		const texts = changesText({ lineitems: { from: before, to: after } }).split('; ');
		expect(texts).toHaveLength(251);
		expect(texts[0]).toBe('line 1 L0: description L0 → New, unit price 100 → 5');
		expect(texts[250]).toBe('line 251 added: L249');
	});

	test('a long value is cut, on one line; nothing changed is empty text', () => {
		const note = `First line\n${'x'.repeat(60)}`;
		const text = changesText({ note: { from: '', to: note } });
		expect(text).toBe(`note: (empty) → First line ${'x'.repeat(28)}…`);
		expect([...text.split(' → ')[1]]).toHaveLength(40);
		expect(changesText({})).toBe('');
		expect(changesText(undefined)).toBe('');
	});

	test('dates, numbers, yes/no and records as their text', () => {
		expect(
			changesText({
				date_cancelled: { from: null, to: '2026-11-30T12:00:00Z' },
				quantity: { from: 1, to: 2.5 },
				archived: { from: false, to: true },
				email: { from: { address: 'a@x.example' }, to: null },
			}),
		).toBe(
			'date_cancelled: (empty) → 2026-11-30T12:00:00Z; quantity: 1 → 2.5; archived: false → true; email: a@x.example → (empty)',
		);
	});
});

describe('cells and rows', () => {
	test('a cell is a text, a number, yes/no or null; anything else becomes its text', () => {
		expect([cell('a'), cell(0), cell(false), cell(null), cell(undefined)]).toEqual([
			'a',
			0,
			false,
			null,
			null,
		]);
		expect(cell(['a@x.example', 'b@y.example'])).toBe('a@x.example, b@y.example');
		expect(cell([{ mid: '1' }, { mid: '2' }])).toBe('2');
		expect([cell([]), cell({})]).toEqual(['', '']);
		expect(cell({ url: clientUrl }, nameOf)).toBe('Example Co');
		expect(cellText({ weird: { nested: true } })).toBe('{"weird":{"nested":true}}');
		expect(fieldsText({ date_sent: '2026-11-01T12:00:00Z' })).toBe(
			'date_sent: 2026-11-01T12:00:00Z',
		);
	});

	test('a document row names its client from the run, and its changes as text', () => {
		const row = simpleDocument(
			{
				mid: '5',
				client: clientUrl,
				title: { unexpected: 'object' },
				operation: 'updated',
				changes: { title: { from: 'A', to: 'B' } },
				kept: { date_sent: '2026-11-01T12:00:00Z' },
			},
			{ nameOf },
		);
		expect(row).toMatchObject({
			mid: '5',
			client_mid: '1734479364211706503',
			client_name: 'Example Co',
			title: '{"unexpected":"object"}',
			operation: 'updated',
			changes: 'title: A → B',
			kept: 'date_sent: 2026-11-01T12:00:00Z',
			external_id: null,
		});
	});

	test('a preview keeps its words, its changes as text', () => {
		expect(
			simplePreview({
				preview: 'would update',
				mid: '5',
				changes: { title: { from: 'A', to: 'B' } },
			}),
		).toEqual({ preview: 'would update', mid: '5', changes: 'title: A → B' });
		expect(simplePreview({ preview: 'unchanged', mid: '5', changes: {} })).toEqual({
			preview: 'unchanged',
			mid: '5',
			changes: '',
		});
	});

	test("Send: a skip without an order has a send's columns, empty", () => {
		const sent = simpleSend(
			{
				document_mid: '5',
				document_number: '0001',
				document_type: 'invoice',
				sent: true,
				sending_order: {
					mid: '8',
					recipient_organization: clientUrl,
					to_emails: ['a@x.example', 'b@y.example'],
					securesend_selected: true,
					send_to_clientinbox_selected: false,
					sendbypost_selected: true,
					status: 'sent',
					date_sent: '2026-11-30T01:00:00Z',
				},
			},
			{ nameOf },
		);
		expect(sent).toEqual({
			mid: '5',
			document_number: '0001',
			document_type: 'invoice',
			client_mid: '1734479364211706503',
			client_name: 'Example Co',
			operation: 'sent',
			reason: null,
			to: 'a@x.example, b@y.example',
			channel: 'securesend, post',
			sending_order_mid: '8',
			sending_order_status: 'sent',
			date_sent: '2026-11-30T01:00:00Z',
		});
		const skipped = simpleSend(
			{ document_mid: '5', sent: false, skipped: 'already sent', date_sent: '2026-11-29' },
			{ document: { client: { url: clientUrl, display_name: 'Example Co' } } },
		);
		expect(Object.keys(skipped)).toEqual(Object.keys(sent));
		expect(skipped).toMatchObject({
			operation: 'skipped',
			reason: 'already sent',
			client_name: 'Example Co',
			to: null,
			date_sent: '2026-11-29',
		});
	});
});
