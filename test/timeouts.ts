// Unit tests: the sandbox and n8n-core run in process.
jest.setTimeout(60_000);
