'use client';
/**
 * The header on narrow screens: one "Menu" button opening a React Aria menu with the main navigation, who
 * is signed in and Sign out (keyboard: Enter or Space opens it, arrows move, Enter chooses, Escape closes). The
 * current page's item carries aria-current="page", as in the wide navigation.
 * Navigation goes through the Next router (RouterProvider), so the search-mode state survives it.
 */
import { usePathname, useRouter } from 'next/navigation';
import { createElement } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, RouterProvider, Separator } from 'react-aria-components';
import { isCurrentSection } from './current-section';
import { NavLabel, navItemName, type NavItem } from './main-nav';
import { MenuIcon } from './shell-icons';
import { signOut } from './sign-out';

export function HeaderMenu({ items, userEmail }: { items: readonly NavItem[]; userEmail: string }) {
  const router = useRouter();
  const pathname = usePathname();
  // The unread changes show on the closed menu's button too, so a narrow screen still tells of them.
  const unread = items.reduce((sum, item) => sum + (item.unread ?? 0), 0);
  return (
    <RouterProvider navigate={(href) => router.push(href)}>
      <MenuTrigger>
        <Button className="button button-quiet header-menu-button" aria-label={unread > 0 ? `Menu, ${unread} unread changes` : undefined}>
          <MenuIcon />
          <span>Menu</span>
          {/* "Menu 3" as seen stays inside "Menu, 3 unread changes" as heard (WCAG 2.5.3). */}
          {unread > 0 ? ' ' : null}
          {unread > 0 ? (
            <span className="nav-count" aria-hidden="true">
              {unread}
            </span>
          ) : null}
        </Button>
        <Popover className="header-menu-popover" placement="bottom end">
          <Menu className="header-menu" aria-label="Menu">
            <MenuSection>
              {items.map((item) => (
                <MenuItem
                  key={item.href}
                  id={item.href}
                  href={item.href}
                  textValue={item.label}
                  aria-label={item.unread ? navItemName(item) : undefined}
                  className="header-menu-item"
                  // React Aria passes no aria-current through: the link it renders is given it here.
                  render={(props) => createElement('a', { ...props, 'aria-current': isCurrentSection(pathname, item.href) ? 'page' : undefined })}
                >
                  <NavLabel item={item} />
                </MenuItem>
              ))}
            </MenuSection>
            <Separator className="header-menu-separator" />
            <MenuSection aria-label="Account">
              <Header className="header-menu-user">{userEmail}</Header>
              <MenuItem id="sign-out" className="header-menu-item" onAction={() => void signOut()}>
                Sign out
              </MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  );
}
