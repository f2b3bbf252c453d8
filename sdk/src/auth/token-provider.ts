// What the client asks for a token before each request. A provider may return
// a fixed string or fetch and cache one (an installation token, say), so the
// client awaits it every time rather than keeping the value itself.
export interface TokenProvider {
  token(): Promise<string> | string;
}
