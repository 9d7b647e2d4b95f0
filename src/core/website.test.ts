import { describe, it, expect } from 'vitest';
import { looksLikeWebsite, normaliseWebsiteHost, registrableDomain, toWebsiteUrl } from './website';

describe('normaliseWebsiteHost: tolerant of protocol, leading www., trailing slash (quick-search rule 3)', () => {
  it.each([
    ['HTTPS://WWW.Acme.com.au/about?x=1', 'acme.com.au'],
    ['acme.com.au', 'acme.com.au'],
    ['acme.com.au/', 'acme.com.au'],
    ['www.acme.com.au', 'acme.com.au'],
    ['http://acme.com.au', 'acme.com.au'],
    ['https://acme.com.au:8443/x#top', 'acme.com.au'],
    ['acme.com:8080/path', 'acme.com'],
    ['//acme.com', 'acme.com'],
    ['  Acme.COM.  ', 'acme.com'],
    ['shop.acme.co.uk', 'shop.acme.co.uk'],
    ['www.shop.acme.co.uk', 'shop.acme.co.uk'],
    ['acme.myshopify.com', 'acme.myshopify.com'],
    ['https://bücher.de', 'xn--bcher-kva.de'],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseWebsiteHost(input)).toBe(expected);
  });

  it('gives a stored website and a query the same host', () => {
    expect(normaliseWebsiteHost('https://www.acme.com.au/')).toBe(normaliseWebsiteHost('ACME.com.au'));
  });

  it.each([
    ['', 'empty'],
    ['acme', 'no dot'],
    ['Acme Pty Ltd', 'spaces'],
    ['acme .com', 'a space inside'],
    ['1.2.3.4', 'an IPv4 address'],
    ['http://127.0.0.1/', 'a loopback address'],
    ['http://[::1]/', 'an IPv6 address'],
    ['51.824.753.556', 'digits with dots'],
    ['localhost', 'localhost'],
    ['com.au', 'a bare public suffix'],
    ['acme.notatld', 'an unknown TLD'],
    ['intranet.local', 'a non-ICANN TLD'],
    ['ftp://acme.com', 'another protocol'],
    ['mailto:info@acme.com', 'an email link'],
    ['https://user:secret@acme.com', 'credentials'],
    ['https://', 'no host'],
  ])('rejects %j (%s)', (input) => {
    expect(normaliseWebsiteHost(input)).toBeUndefined();
  });
});

describe('registrableDomain', () => {
  it('gives the public suffix plus one label', () => {
    expect(registrableDomain('shop.acme.co.uk')).toBe('acme.co.uk');
    expect(registrableDomain('https://www.acme.com.au/about')).toBe('acme.com.au');
    expect(registrableDomain('acme.io')).toBe('acme.io');
  });

  it('gives undefined for what is not a public host', () => {
    expect(registrableDomain('acme')).toBeUndefined();
    expect(registrableDomain('10.0.0.1')).toBeUndefined();
  });
});

describe('looksLikeWebsite: when the quick search adds a website lookup (quick-search rule 3)', () => {
  it.each(['acme.com', 'www.acme.com.au', 'https://acme.io/x', 'ACME.CO.UK', 'http://www.acme.com/'])('is true for %j', (query) => {
    expect(looksLikeWebsite(query)).toBe(true);
  });

  it.each(['Acme Pty Ltd', 'acme', 'J. Smith & Co.', '51 824 753 556', '51.824.753.556', 'S.A.', 'Acme.', ''])('is false for %j', (query) => {
    expect(looksLikeWebsite(query)).toBe(false);
  });
});

describe('toWebsiteUrl: the website stored on an organisation', () => {
  it('is https:// and the normalised host, without path, query or port', () => {
    expect(toWebsiteUrl('http://www.Acme.com/about?x=1')).toBe('https://acme.com');
    expect(toWebsiteUrl('acme.com.au:8080')).toBe('https://acme.com.au');
  });

  it('keeps a subdomain other than www', () => {
    expect(toWebsiteUrl('https://shop.acme.co.uk/cart')).toBe('https://shop.acme.co.uk');
  });

  it('gives undefined for what is not a public host', () => {
    expect(toWebsiteUrl('not a website')).toBeUndefined();
    expect(toWebsiteUrl('192.168.0.1')).toBeUndefined();
  });
});
