'use client';
/**
 * A result's logo: the row's `logo` URL from the logo service, or a lettermark when there is none or the
 * image fails to load (spec: "Result display"). Decorative: the name is written next to it.
 */
import { useState } from 'react';
import { lettermarkOf } from './result-display';

export function ResultLogo({ name, logo }: { name: string; logo: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (logo && failedUrl !== logo) {
    return <img className="result-logo" src={logo} alt="" width={40} height={40} loading="lazy" onError={() => setFailedUrl(logo)} />;
  }
  return (
    <span className="result-logo result-lettermark" aria-hidden="true">
      {lettermarkOf(name)}
    </span>
  );
}
