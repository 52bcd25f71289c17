/** `?safe=1`: the lab starts with nothing restored from storage (the error screen's "open without saved runs"). */
const SAFE_PARAM = /(^\?|&)safe=1(?=&|$)/;

/** Whether the address asks to start with nothing restored, and the address without that key (the share link never sees it). */
export function safeStart(search: string): { safe: boolean; search: string } {
  if (!SAFE_PARAM.test(search)) return { safe: false, search };
  const rest = search.replace(SAFE_PARAM, '$1').replace(/^\?&/, '?').replace('&&', '&').replace(/[?&]$/, '');
  return { safe: true, search: rest };
}
