// Runs in each test file once jest's globals exist (testing-library registers its cleanup with them).
// findBy*/waitFor give up after 30 s instead of testing-library's 1 s: on a loaded CI machine a lazy page chunk or a
// grid can take seconds to appear (10 s was short for Home with both cores kept busy). A passing test never waits
// longer than its page needs.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 30_000 });
