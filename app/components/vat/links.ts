/** The hrefs the IVA page's parts link to, built once by the page from its URL. */
export interface VatLinks {
  actionPath: string;
  figure: (figure: string) => string;
  page: (params: Record<string, string>) => string;
  entry: (id: string) => string;
  receipt: (id: string) => string;
  file: (extension: string) => string;
  close: string;
}
