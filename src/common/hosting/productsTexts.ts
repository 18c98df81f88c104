/** The sentences of the product page's hosting section. */
export const PRODUCT_NOT_FOUND = 'No such product.';
export const MAPPING_GROUP_NOT_FOUND = 'No such server group.';
export const noReachableServer = (group: string, panel: string) =>
  `No enabled ${panel} server in the group ${group} answered; add or enable one, or press Test Connection on the servers page.`;
export const groupHasNoServer = (group: string, panel: string) => `The group ${group} has no enabled ${panel} server to read packages from.`;
export const packageNotOnPanel = (name: string) => `The panel has no package named ${name}.`;
