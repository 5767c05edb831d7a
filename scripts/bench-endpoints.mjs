// The endpoints `npm run bench` measures. Each feature adds its own.
// `body` may be an object or a function (i) => object giving each request its own body.
// `prepare(baseUrl)` may run once before the endpoint is measured and return extra fields.
export const endpoints = [{ name: 'GET /api/health', method: 'GET', path: '/api/health' }]
