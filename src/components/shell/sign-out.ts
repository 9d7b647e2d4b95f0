/** Ends the Better Auth session (POST /api/auth/sign-out) and returns to the sign-in page, whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
  } finally {
    window.location.assign('/sign-in');
  }
}
