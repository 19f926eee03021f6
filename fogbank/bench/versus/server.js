// boardgame.io 0.50.2's own server for the bench: the game in game.js, in memory (its default
// store), on a free port on the loopback; prints "boardgame.io serving on PORT" once it listens.
const { Server, Origins } = require('boardgame.io/server');
const { Dardanelles } = require('./game');

const server = Server({ games: [Dardanelles], origins: [Origins.LOCALHOST] });
const listen = server.app.listen;  // on the loopback only, as fogbank serve listens by default
server.app.listen = (port, callback) => listen.call(server.app, port, '127.0.0.1', callback);
server.run({ port: Number(process.argv[2] || 0) }).then(({ appServer }) => {
  process.stdout.write(`boardgame.io serving on ${appServer.address().port}\n`);
});
process.on('SIGINT', () => process.exit(0));
