'use client';
/**
 * The header on narrow screens: one "Menu" button opening a React Aria menu with the main navigation, who
 * is signed in and Sign out (keyboard: Enter or Space opens it, arrows move, Enter chooses, Escape closes).
 * Navigation goes through the Next router (RouterProvider), so the search-mode state survives it.
 */
import { useRouter } from 'next/navigation';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, RouterProvider, Separator } from 'react-aria-components';
import type { NavItem } from './main-nav';
import { MenuIcon } from './shell-icons';
import { signOut } from './sign-out';

export function HeaderMenu({ items, userEmail }: { items: readonly NavItem[]; userEmail: string }) {
  const router = useRouter();
  return (
    <RouterProvider navigate={(href) => router.push(href)}>
      <MenuTrigger>
        <Button className="button button-quiet header-menu-button">
          <MenuIcon />
          <span>Menu</span>
        </Button>
        <Popover className="header-menu-popover" placement="bottom end">
          <Menu className="header-menu" aria-label="Menu">
            <MenuSection>
              {items.map((item) => (
                <MenuItem key={item.href} id={item.href} href={item.href} className="header-menu-item">
                  {item.label}
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
