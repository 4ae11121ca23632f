/**
 * The sandbox behind a far link (dev/farLink.ts), for tests and the bench.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { startFarLink, type FarLink } from './farLink';

export interface FarSandbox {
	sandbox: Sandbox;
	link: FarLink;
	close(): Promise<void>;
}

/**
 * A sandbox behind a far link: its answers name the link's address (`publicUrl`), so the node,
 * given `sandbox.baseUrl`, sends every request, the token's included, across the link.
 */
export async function startFarSandbox(
	rttMs: number,
	options: SandboxOptions = {},
): Promise<FarSandbox> {
	// the link starts first: the sandbox names its address; it leads to the sandbox once started
	const upstream = { url: '' };
	const link = await startFarLink({ rttMs, upstream: () => upstream.url });
	const sandbox = await startSandbox({ ...options, publicUrl: link.url });
	upstream.url = sandbox.localUrl;
	return {
		sandbox,
		link,
		async close() {
			await link.close();
			await sandbox.close();
		},
	};
}
