// Prints the Node.js that npm's scripts run on and fails unless it is Node 24 or newer. The project brings
// Node 24 itself (the node-* packages in the root optionalDependencies link node_modules/.bin/node, which
// npm puts first on every script's PATH), so a machine whose own Node is older still runs everything on 24.
const major = Number(process.versions.node.split('.')[0]);
console.log(`runtime: node ${process.version} (${process.execPath})`);
if (major < 24) {
  console.error(
    `runtime: Node ${process.version} is too old; this project runs on Node 24. ` +
      'Run `npm ci` so that node_modules/.bin/node (Node 24) is installed, and start scripts through npm.',
  );
  process.exit(1);
}
