export interface GeoLocation {
  /** ISO 3166-1 alpha-2 country code, e.g. 'US'. */
  country: string;
  /** State or region name, when the database knows it. */
  state: string | null;
}

export interface GeoService {
  /** Location of a public IP address from the offline database; null for private, loopback or unknown addresses. */
  lookup(ip: string): GeoLocation | null;
}
