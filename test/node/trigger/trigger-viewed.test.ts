/**
 * Document Viewed is withdrawn: MakeLeaps' documents carry no viewed field of any kind (the
 * recorded list of 2019), so the event could never fire. The Event picker no longer offers it; a
 * workflow saved with it shows a notice in the panel, and its poll (and Fetch Test Event) stops
 * with an error saying why and what to do, before any request: never a trigger that silently
 * reports nothing, even while the client opens the document's pickup link.
 */
import type { INode, INodeParameters, NodeOperationError } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MakeLeapsTrigger } from '../../../nodes/MakeLeaps/MakeLeapsTrigger.node';
import { ActiveTrigger, seedDocuments } from '../support/activeTrigger';
import { FAST, useTestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

const { description } = new MakeLeapsTrigger();

/** The fields n8n shows for a trigger saved with these parameters. */
function shownFields(saved: INodeParameters) {
	const node: INode = {
		...{ id: 'trigger', name: 'MakeLeaps Trigger', position: [0, 0] },
		type: 'n8n-nodes-makeleaps.makeLeapsTrigger',
		typeVersion: 3,
		parameters: saved,
	};
	const { properties } = description;
	const values = NodeHelpers.getNodeParameters(properties, saved, true, false, node, description)!;
	return properties
		.filter((p) => NodeHelpers.displayParameter(values, p, node, description))
		.map((p) => p.name);
}

const WITHDRAWN =
	'Event "Document Viewed" is no longer offered: MakeLeaps\' documents do not say whether the client opened them (no viewed field of any kind), so this event could never fire';

describe('MakeLeaps Trigger: Document Viewed withdrawn, in the panel', () => {
	test('the Event picker does not offer it; Document Confirmed is offered', () => {
		const event = description.properties.find((p) => p.name === 'event')!;
		const values = event.options!.map((option) => (option as { value: string }).value);
		expect(values).not.toContain('documentViewed');
		expect(values).toContain('documentConfirmed');
	});

	test('a workflow saved with it shows the notice, and none of the fields it no longer uses', () => {
		const shown = shownFields({ event: 'documentViewed' });
		expect(shown).toContain('viewedWithdrawn');
		expect(shown).not.toContain('documentType');
		const notice = description.properties.find((p) => p.name === 'viewedWithdrawn')!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/^Document Viewed is no longer offered/);
		expect(notice.displayName).toMatch(/Document → Get Pickup Links/);
		expect(shownFields({ event: 'documentPaid' })).not.toContain('viewedWithdrawn');
		expect(shownFields({ event: 'documentConfirmed' })).not.toContain('viewedWithdrawn');
	});
});

describe('MakeLeaps Trigger: Document Viewed withdrawn, a workflow saved with it', () => {
	const bed = useTestBed();

	test.each(['trigger', 'manual'] as const)(
		'its poll (%s) stops with the reason and what to do, before any request, while a pickup link is opened',
		async (mode) => {
			const client = seedClient(bed, 'C-1');
			const [invoice] = seedDocuments(bed, client, ['0001']);
			const watching = new ActiveTrigger(
				bed,
				{ event: 'documentViewed', documentType: 'invoice' },
				{ requestsPerMinute: FAST },
			);
			for (let poll = 0; poll < 2; poll++) {
				bed.sandbox.mark(String(invoice.mid), 'viewed');
				const result = await watching.poll(mode);
				expect(result.items).toBeNull();
				expect(result.error?.message).toBe(WITHDRAWN);
				expect((result.error as NodeOperationError).description).toMatch(
					/^Nothing was read or reported\. Choose another Event in the trigger\..*Document → Get Pickup Links/,
				);
			}
			// the sandbox's view is real: the link says it was opened
			const [link] = bed.sandbox.documents.pickupLinks.of(String(invoice.mid));
			expect(link.date_clicked).toEqual(expect.any(String));
			expect(bed.sandbox.received('/api/')).toEqual([]);
			expect(watching.state).toBeUndefined();
		},
	);

	test('an Event the trigger never had is refused by name, before any request', async () => {
		const result = await new ActiveTrigger(bed, { event: 'documentOpened' }).poll();
		expect(result.error?.message).toBe('Event "documentOpened" is not an event of the trigger');
		expect(bed.sandbox.received('/api/')).toEqual([]);
	});
});
