'use client';
import { useState } from 'react';

/** Ends the Better Auth session (POST /api/auth/sign-out) and returns to the sign-in page. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
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
  return (
    <button type="button" className="button button-quiet" onClick={signOut} disabled={pending}>
      Sign out
    </button>
  );
}
