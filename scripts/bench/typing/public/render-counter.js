/*
 * A minimal React DevTools hook, installed before React loads (production React reports to it as it does to the
 * DevTools extension). On each commit it counts the function, class, forwardRef and memo components that rendered:
 * a mounted fiber, or one whose PerformedWork flag is set; a subtree whose child list is the previous one's was not
 * visited by React (bailed out) and is skipped, as React DevTools does. Figures are read by the benchmark from
 * window.__renderStats.
 */
(function () {
  var COMPONENT_TAGS = { 0: 1, 1: 1, 11: 1, 14: 1, 15: 1 };
  var PERFORMED_WORK = 1;
  var stats = { commits: 0, renders: 0 };
  window.__renderStats = stats;
  function walk(fiber) {
    var stack = [fiber];
    while (stack.length) {
      var next = stack.pop();
      var prev = next.alternate;
      if (COMPONENT_TAGS[next.tag] && (prev === null || (next.flags & PERFORMED_WORK) === PERFORMED_WORK)) stats.renders++;
      if (prev !== null && next.child === prev.child) continue;
      for (var child = next.child; child; child = child.sibling) stack.push(child);
    }
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: function (renderer) {
      var id = this.renderers.size + 1;
      this.renderers.set(id, renderer);
      return id;
    },
    checkDCE: function () {},
    onScheduleFiberRoot: function () {},
    onCommitFiberRoot: function (_id, root) {
      stats.commits++;
      walk(root.current);
    },
    onCommitFiberUnmount: function () {},
    onPostCommitFiberRoot: function () {},
    setStrictMode: function () {},
  };
})();
