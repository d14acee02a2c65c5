/** The seal (left) and the municipal logo (right) of a print's header: their addresses, null where none is uploaded. */
export interface BarangayImages {
  seal: string | null;
  logo: string | null;
}
