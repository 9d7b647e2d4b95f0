'use client';
/**
 * Email + password sign-in against Better Auth's endpoint (rate limited, sets the session cookie).
 * Errors show inline; success does a full navigation so every server component sees the new session.
 */
import { useState, type FormEvent } from 'react';
import { z } from 'zod';

const errorBody = z.object({ message: z.string().optional(), code: z.string().optional() });

function messageFor(status: number, body: unknown): string {
  if (status === 401 || status === 403) return 'Wrong email or password.';
  if (status === 429) return 'Too many attempts. Wait a moment and try again.';
  if (status === 503) return 'Sign-in is temporarily unavailable. Try again in a minute.';
  const parsed = errorBody.safeParse(body);
  if (status === 400 && parsed.success && parsed.data.code === 'INVALID_EMAIL') return 'Enter a valid email address.';
  return 'Sign-in failed. Try again.';
}

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Never rejects (a failure becomes the form's error), so the form handler calls it with `void`.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) {
      setError('Enter your email and password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, rememberMe: true }),
        credentials: 'same-origin',
      });
      if (response.ok) {
        window.location.assign(next);
        return;
      }
      setError(messageFor(response.status, await response.json().catch(() => null)));
    } catch {
      setError('Cannot reach the server. Check your connection and try again.');
    }
    setPending(false);
  }

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={error ? 'sign-in-error' : undefined}>
      <label htmlFor="email">Email</label>
      <input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      <label htmlFor="password">Password</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required />
      {error ? (
        <p id="sign-in-error" role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
