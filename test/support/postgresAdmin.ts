import pg from 'pg';

/** One statement on a connection of its own, outside any app's pool (creating or dropping a test's schema). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
