/** Cost in the connection's currency: small sums keep enough digits to be seen (the app's and the CLI's estimates). */
export function formatCost(cost: number): string {
  return cost === 0 ? '0' : cost < 0.01 ? cost.toPrecision(2) : cost.toFixed(2);
}
