/**
 * The partners' API keys and the access tokens issued to them (the OAuth resource): one key
 * belongs to exactly one partner; a token speaks for its key's partner until it expires.
 */
import { randomBytes } from 'node:crypto';

export interface ApiKey {
	clientId: string;
	clientSecret: string;
	partnerMid: string;
}

/** A key with its partner's name, as a test or the command line prints it. */
export interface PartnerCredentials extends ApiKey {
	partnerName: string;
}

export interface IssuedToken {
	partnerMid: string;
	clientId: string;
	expiresAt: number;
}

export class ApiKeyStore {
	/** Every access token ever issued, in order. */
	readonly issuedTokens: string[] = [];
	/** Every client secret ever accepted (revoked ones included), for leak checks. */
	readonly issuedSecrets: Array<{ clientId: string; clientSecret: string }> = [];

	private keys: ApiKey[] = [];
	private readonly tokens = new Map<string, IssuedToken>();

	/** A new key of a partner, with random credentials unless given. */
	add(partnerMid: string, given: { clientId?: string; clientSecret?: string } = {}): ApiKey {
		const key = {
			clientId: given.clientId ?? `sandbox-${randomBytes(6).toString('hex')}`,
			clientSecret: given.clientSecret ?? randomBytes(24).toString('base64url'),
			partnerMid,
		};
		this.keys.push(key);
		this.issuedSecrets.push({ clientId: key.clientId, clientSecret: key.clientSecret });
		return key;
	}

	/** Removes a key, as when a user deletes it in MakeLeaps; its partner's tokens stop working too. */
	remove(clientId: string) {
		const key = this.keys.find((k) => k.clientId === clientId);
		this.keys = this.keys.filter((k) => k !== key);
		for (const [token, issued] of this.tokens)
			if (key && issued.partnerMid === key.partnerMid) this.tokens.delete(token);
	}

	/** The key a Basic Authorization header names, when its secret is right. */
	fromBasic(authorization: string | undefined): ApiKey | undefined {
		const match = /^Basic (.+)$/.exec(authorization ?? '');
		if (!match) return undefined;
		const decoded = Buffer.from(match[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
		return this.keys.find((k) => colon > 0 && k.clientId === id && k.clientSecret === secret);
	}

	/** A new access token of a key; `oneActive`: the key's earlier tokens are revoked. */
	issue(key: ApiKey, ttlSeconds: number, oneActive: boolean): string {
		const accessToken = randomBytes(22).toString('base64url').slice(0, 30);
		if (oneActive) {
			for (const [token, issued] of this.tokens) {
				if (issued.clientId === key.clientId) this.tokens.delete(token);
			}
		}
		this.tokens.set(accessToken, {
			partnerMid: key.partnerMid,
			clientId: key.clientId,
			expiresAt: Date.now() + ttlSeconds * 1000,
		});
		this.issuedTokens.push(accessToken);
		return accessToken;
	}

	token(accessToken: string): IssuedToken | undefined {
		return this.tokens.get(accessToken);
	}

	revokeToken(accessToken: string) {
		this.tokens.delete(accessToken);
	}

	/** Every token issued so far becomes invalid, as if its lifetime had passed. */
	expireAll() {
		for (const token of this.tokens.values()) token.expiresAt = 0;
	}

	revokeAll() {
		this.tokens.clear();
	}
}
