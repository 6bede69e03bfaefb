// document.cookie helpers: the licence token (sstoken) and the language live in cookies.

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, days = 365): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** Deletes the cookie both as a host cookie and as the domain cookie the server may have set. */
export function deleteCookie(name: string): void {
  const past = 'Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = `${name}=; expires=${past}; path=/`;
  const host = window.location.hostname;
  if (host) document.cookie = `${name}=; expires=${past}; path=/; domain=${host}`;
}
