// The timeout of the jest project running this file (jest.config.js passes it in `globals`).
declare const testTimeoutMs: number;
jest.setTimeout(testTimeoutMs);
