'use client';
/**
 * The engage sticky header (spec "Search surfaces": "a narrower variant without scope selector or toggles
 * is used on the engage sticky header"): once the engage page has scrolled past its search form, a bar
 * fixed to the top of the window carries the `engage-sticky` variant of the search. It stays mounted while
 * hidden, so scrolling back up does not unmount a surface (which would reset the search-mode state).
 */
import { useEffect, useState } from 'react';
import { OrganisationSearch, type OrganisationSearchProps } from '../search/organisation-search';

/** The search form of the watched region has scrolled out above the window. */
function scrolledPast(region: HTMLElement): boolean {
  const form = region.querySelector('form') ?? region;
  return form.getBoundingClientRect().bottom < 0;
}

export function EngageStickySearch({ watchId, search }: { watchId: string; search: Omit<OrganisationSearchProps, 'variant'> }) {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const region = document.getElementById(watchId);
        setShown(region !== null && scrolledPast(region));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [watchId]);

  return (
    <div className="engage-sticky-header" role="region" aria-label="Engage search" hidden={!shown}>
      <OrganisationSearch {...search} variant="engage-sticky" />
    </div>
  );
}
