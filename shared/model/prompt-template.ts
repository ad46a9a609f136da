/** One saved version of an edited prompt template; never rewritten once added, except to mark it removed. */
export interface PromptTemplateRow {
  /** `${id}@${version}` */
  key: string;
  id: string;
  /** a whole number, one more than the highest the id had when it was saved */
  version: string;
  system: string;
  user: string;
  /** templateRef's hash of the texts, as stored calls record it */
  hash: string;
  createdAt: string;
  /** the key of the version it was edited from */
  basedOn: string;
  /** set when the user removed the version from the list; the row stays so its number is not given again */
  removedAt?: string;
}
