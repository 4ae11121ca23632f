/**
 * `npm run demo`: starts the MakeLeaps sandbox and runs the node in n8n-core's execution engine
 * against it: creates clients from spreadsheet-like rows, points one at another as its default
 * client, deletes one, and prints what happened and how many requests it took.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../sandbox/server';
import { CredentialsHelper, runNode } from '../test/harness';

const rows = [
	{ id: 'DEMO-001', company: 'Sakura Trading K.K.', family: 'Sato', email: 'sato@sakura.example.jp' },
	{ id: 'DEMO-002', company: 'Fuji Logistics Ltd.', family: 'Suzuki', email: 'suzuki@fuji.example.jp' },
	{ id: 'DEMO-003', company: 'Kaede Design LLC', family: 'Takahashi', email: 'takahashi@kaede.example.jp' },
];

async function main() {
	const sandbox = await startSandbox();
	const credentials = new CredentialsHelper();
	const { clientId, clientSecret, partnerMid } = sandbox.credentials;
	credentials.set('demo', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
	const say = (line = '') => process.stdout.write(`${line}\n`);
	const step = async (title: string, parameters: INodeParameters, items: IDataObject[]) => {
		const result = await runNode({ credentials, credentialId: 'demo', items, parameters: { resource: 'client', ...parameters } });
		if (result.error) throw new Error(`${title}: ${result.error.message}`);
		return result.output.map((o) => o.json);
	};

	say(`MakeLeaps sandbox at ${sandbox.baseUrl} (partner ${partnerMid})`);
	say('Running the MakeLeaps node in n8n-core\'s execution engine...');
	say();

	const created = await step(
		'Create',
		{
			operation: 'create',
			clientExternalId: '={{ $json.id }}',
			organizationName: '={{ $json.company }}',
			personFamilyName: '={{ $json.family }}',
			personEmail: '={{ $json.email }}',
		},
		rows,
	);
	say(`Created ${created.length} clients:`);
	for (const c of created) say(`  ${String(c.client_external_id)}  ${String(c.display_name).padEnd(22)} mid ${String(c.mid)}`);

	const [first, second, third] = created;
	const [updated] = await step(
		'Update',
		{
			operation: 'update',
			client: { __rl: true, mode: 'id', value: '={{ $json.mid }}' },
			defaultClient: { __rl: true, mode: 'id', value: String(first.mid) },
			updateFields: { clientExternalId: 'DEMO-002-B' },
		},
		[{ mid: second.mid }],
	);
	say(`Modified ${String(updated.display_name)}: default_client = ${String(updated.default_client)}, external id ${String(updated.client_external_id)}`);

	const [deleted] = await step('Delete', { operation: 'delete', client: { __rl: true, mode: 'id', value: '={{ $json.mid }}' } }, [{ mid: third.mid }]);
	say(`Deleted ${String(third.display_name)} (mid ${String(deleted.mid)})`);

	say();
	say(`MakeLeaps now holds ${sandbox.clients().length} clients: ${sandbox.clients().map((c) => c.display_name).join(', ')}`);
	const api = sandbox.received('/api/');
	say(`Requests: ${sandbox.received('/user/oauth2/token/').length} token request, ${api.length} API requests (${api.map((r) => r.method).join(', ')})`);
	await sandbox.close();
}

main().catch((error: Error) => {
	process.stderr.write(`Demo failed: ${error.message}\n`);
	process.exit(1);
});
