// Basic authorization needs base64 of the UTF-8 bytes; btoa alone only takes Latin-1.

export function utf8ToBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthorization(username: string, password: string): string {
  return `Basic ${utf8ToBase64(`${username}:${password}`)}`;
}
