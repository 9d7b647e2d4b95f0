import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts } from '../schema';

export async function insertAccount(db: Db, params: { name: string }): Promise<{ id: string; name: string }> {
  const [row] = await db.insert(accounts).values({ name: params.name }).returning({ id: accounts.id, name: accounts.name });
  if (!row) throw new Error('insert into accounts returned no row');
  return row;
}

export async function findAccountById(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, id));
  return row;
}
