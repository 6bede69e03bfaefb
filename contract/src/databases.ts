// Database wire types: square9api-wire.md §2.2.
export interface Database {
  Id: number;
  Name: string;
}
export interface DatabasesResponse {
  Databases: Database[];
}
