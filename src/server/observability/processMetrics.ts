import client from 'prom-client';

/**
 * What this process measures in itself (its requests, its registrar calls, Node.js's own
 * figures). One registry per process: prom-client's metrics cannot be registered twice, and the
 * numbers belong to the process whichever app instance inside it served the work. What is read
 * from the database at scrape time lives in each app's own registry (`scrapeRegistry`).
 */
export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry });
