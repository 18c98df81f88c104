/** Polls until the probe finds something; the deadline only ends a test that would otherwise hang. */
export async function waitFor(probe, deadlineMs = 15_000) {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
        const value = await probe();
        if (value !== undefined)
            return value;
        if (Date.now() > deadline)
            throw new Error('timed out waiting');
        await new Promise((resolve) => setTimeout(resolve, 25));
    }
}
//# sourceMappingURL=waitFor.js.map