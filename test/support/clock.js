/** A clock that stands still until the test moves it (from the real time at construction, unless told). */
export class ManualClock {
    at;
    constructor(start = Date.now()) {
        this.at = new Date(start).getTime();
    }
    now() {
        return new Date(this.at);
    }
    nowIso() {
        return this.now().toISOString();
    }
    advance(ms) {
        this.at += ms;
    }
    set(to) {
        this.at = new Date(to).getTime();
    }
}
//# sourceMappingURL=clock.js.map