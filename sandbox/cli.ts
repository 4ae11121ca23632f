/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code: a command-line server, never inside n8n */
/**
 * `npm run sandbox`: starts the MakeLeaps sandbox alone and prints how to connect to it.
 * Options: --port N, --clients N (seed N example clients), --throttle N/MS (e.g. 120/60000).
 * The line item catalog holds a few example products (DEMO_ITEMS).
 */
import { startSandbox } from './server';
import { DEMO_ITEMS } from './stores/items';

function option(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? undefined : process.argv[index + 1];
}

async function main() {
	const throttle = option('throttle')?.split('/').map(Number);
	const sandbox = await startSandbox({
		port: Number(option('port') ?? process.env.SANDBOX_PORT ?? 0),
		clientId: process.env.SANDBOX_CLIENT_ID,
		clientSecret: process.env.SANDBOX_CLIENT_SECRET,
		throttle: throttle ? { limit: throttle[0], windowMs: throttle[1] } : undefined,
	});
	const seed = Number(option('clients') ?? 0);
	for (let i = 1; i <= seed; i++) {
		sandbox.seedClient({
			client_external_id: `SEED-${String(i).padStart(4, '0')}`,
			contacts: [
				{ contact_type: 'organization', name: `Seed Company ${i}`, addresses: [], email: null },
			],
		});
	}
	for (const item of DEMO_ITEMS) sandbox.seedItem(item);
	const { clientId, clientSecret, partnerMid, partnerName } = sandbox.credentials;
	process.stdout.write(
		[
			'MakeLeaps sandbox is running.',
			`  Base URL:      ${sandbox.baseUrl}`,
			`  Client ID:     ${clientId}`,
			`  Client Secret: ${clientSecret}`,
			`  Partner MID:   ${partnerMid} (${partnerName})`,
			`  Clients:       ${seed} seeded`,
			`  Catalog:       ${DEMO_ITEMS.map((item) => item.code).join(', ')}`,
			'Press Ctrl+C to stop.',
			'',
		].join('\n'),
	);
	const stop = () => void sandbox.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
