"""The table server: people and computers at one table over the network, the server the one authority
(docs/PROTOCOL.md). protocol: the messages; seat_view: what a seat may see; table: one table's game and
seats; server: the WebSocket server; client: a small client and a headless player; tokens: seat tokens."""
