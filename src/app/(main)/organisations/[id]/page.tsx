import { redirect } from 'next/navigation';

/** /organisations/{id} opens the analyst page. */
export default async function OrganisationPage({ params }: { params: Promise<{ id: string }> }): Promise<never> {
  const { id } = await params;
  redirect(`/organisations/${encodeURIComponent(id)}/analyst`);
}
