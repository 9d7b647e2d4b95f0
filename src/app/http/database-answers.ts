/** Whether the container's database answers a trivial query now (the health check, and the 503 of an outage). */
import { sql } from 'drizzle-orm';
import type { Container } from '../../composition-root';

export async function databaseAnswers(container: Pick<Container, 'database'>): Promise<boolean> {
  try {
    await container.database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
