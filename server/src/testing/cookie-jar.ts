/** The cookies one browser keeps: what the server's Set-Cookie lines set, less what they clear. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** The Cookie header a browser would send ('' while the jar is empty). */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps the cookies `response` sets; one set empty or already expired is dropped. */
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
