'use client';
import { useState } from 'react';
import { signOut } from './sign-out';

/** The header's sign-out button (wide screens; the header menu has the same action on narrow ones). */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="button button-quiet"
      onClick={() => {
        setPending(true);
        void signOut();
      }}
      disabled={pending}
    >
      Sign out
    </button>
  );
}
